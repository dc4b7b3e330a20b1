"""The learned Gurka policies (a network and a table) and their trained weights."""
