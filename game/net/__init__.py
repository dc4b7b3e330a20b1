"""Play together from several computers: a host and its joiners over the local network.

:mod:`.protocol` the messages and their limits (``gurka-net/2``); :mod:`.link` the network
thread and its connections; :mod:`.server` the host (:class:`~.server.NetHost`);
:mod:`.client` a joiner's stream (:class:`~.client.NetStream`); :mod:`.view_check` a joiner's
check of what the host sends; :mod:`.gate` table codes, tokens and the limit on wrong
guesses; :mod:`.tokens` a joiner's reconnect tokens; :mod:`.names` names made plain before
others see them; :mod:`.discovery` finding tables on the local network (DNS-SD);
:mod:`.headless` the ``host`` and ``join`` commands.  The protocol is documented in README.md
beside this file.
"""
