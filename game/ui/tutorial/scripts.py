"""The three tutorials as data, each found through its ruleset's registry entry.

Each is a guided first deal at a table of three: the player at the screen in seat 0, two
scripted seats.  The deals are fixed so that every rule the tutorial claims shows up
(``lessons``; ``tests/test_tutorial_scripts.py`` checks each claim against the engine):

- Swedish Gurka (six cards): must reach the card just before yours, else
  play your lowest; only the card just before counts; equal cards, the later wins; keep
  a low card for the last trick; the last trick scores.
- Icelandic Gúrka (a five-card first deal instead of ten, then four): a pair led
  and answered, with a set that matches and with the lowest cards; the highest card in
  the trick counts and the lowest card is always allowed; the 6 of clubs; a score pile;
  exactly 21 back to 0.
- Podkidnoy Durak (three players): the lowest trump attacks first; attack, beat in
  suit and with a trump, throw in (also by the third player), take, refill, the defence
  holds; and the one moment a transfer Durak player could pass the attack on.
"""

from __future__ import annotations

from types import MappingProxyType

from ...engine.registry import DURAK_RU, GURKA_IS, GURKA_SE
from ...i18n import N_
from .beats import (DISCARD, HEADER, PASS, STOCK, TAKE, TRUMP, Tutorial, attack, bot, chance, deal,
                    defend, hand, pile, play, say, seat, table, you)

# -- Gurka, Swedish rules -------------------------------------------------------------------
_SE_DEAL = {"type": "deal", "dealer": 0, "hands": [
    ["QH", "5S", "2C", "9C", "JH", "3H"],
    ["7C", "8C", "KS", "4S", "5H", "6H"],
    ["TD", "8D", "AS", "9D", "QS", "KD"]]}

_SE = (
    say(N_("Welcome to Gurka! You and two others have six cards each. Five tricks are played, "
           "then a last trick with everyone's final card: whoever plays the highest card in it "
           "takes penalty points. Only that trick counts."), hand()),
    # TRANSLATORS: the tutorial points at the table's header; {chips} is a number of chips with its
    # word ("10 chips"), {points} a number of points with its word ("30 points")
    say(N_("Up here: the pot. Before the first deal everyone put {chips} into it, and the last "
           "player left in takes it all. Penalty points add up from deal to deal: at {points} a "
           "player is out."), HEADER, chips=("chips", "stake"), points=("points", "limit")),
    # TRANSLATORS: {name} is a player's name
    say(N_("Suits do not matter, only ranks: the ace is high, the 2 is low. {name} sits on the "
           "dealer's left and leads the first trick."), seat(1), name=1),
    bot(1, play("7C")),
    bot(2, play("TD")),
    # TRANSLATORS: {ten} and {queen} are cards, such as 10♦ and Q♥
    you(play("QH"), N_("When you follow, look at the card played just before yours: {ten}. You "
                       "hold cards that reach it (as high or higher), so you must play one of "
                       "them. Play {queen}."), hand("QH"), table("TD"), ten="TD", queen="QH",
        lessons=("must_reach",)),
    # TRANSLATORS: {queen} is a card, such as Q♥
    say(N_("Your {queen} is the highest card and takes the trick. An ordinary trick is worth "
           "nothing, but its winner leads the next one."), table("QH"), before="trick",
        queen="QH"),
    # TRANSLATORS: {five} is a card, such as 5♠
    you(play("5S"), N_("Your lead: any card is allowed. Lead {five}."), five="5S"),
    bot(1, play("8C")),
    bot(2, play("8D"), lessons=("later_wins",)),
    # TRANSLATORS: {name} is a player's name
    say(N_("Two eights: when the highest cards are equal, the one played later wins. {name} "
           "takes the trick and leads the next one."), table("8C", "8D"), before="trick", name=2),
    bot(2, play("AS")),
    # TRANSLATORS: {name} is a player's name, {two} a card such as 2♣
    you(play("2C"), N_("{name} led an ace, and nothing in your hand reaches it. Then you must "
                       "play your lowest card: {two}."), hand("2C"), table("AS"), name=2,
        two="2C", lessons=("lowest",)),
    bot(1, play("KS"), lessons=("previous_only",)),
    # TRANSLATORS: {name} is a player's name, {two} a card such as 2♣
    say(N_("{name} only had to reach your {two}, the card just before, not the ace: in Swedish "
           "Gurka only the card just before yours counts."), table("KS", "2C"), before="trick",
        name=1, two="2C"),
    bot(2, play("9D")),
    # TRANSLATORS: {mine} and {theirs} are cards of the same rank, such as 9♣ and 9♦
    you(play("9C"), N_("An equal card is high enough: play your {mine} on {theirs}."),
        hand("9C"), table("9D"), mine="9C", theirs="9D"),
    bot(1, play("4S"), lessons=("later_wins",)),
    # TRANSLATORS: {name} is a player's name
    say(N_("{name} could not reach the 9 and had to play the lowest card. Your 9 came after the "
           "other one, so the trick is yours."), table("9C"), before="trick", name=1),
    # TRANSLATORS: {jack} and {three} are cards, such as J♥ and 3♥
    you(play("JH"), N_("Two cards left: one for this trick and one for the last. Lead {jack} "
                       "now and keep {three}: a low card is safe in the last trick."),
        hand("JH"), jack="JH", three="3H", lessons=("keep_low",)),
    bot(1, play("5H")),
    bot(2, play("QS")),
    bot(2, play("KD")),
    # TRANSLATORS: {three} is a card, such as 3♥
    you(play("3H"), N_("The last trick: everyone plays their last card. Play your {three}."),
        three="3H"),
    bot(1, play("6H"), lessons=("last_trick",)),
    # TRANSLATORS: {name} is a player's name
    say(N_("{name} has played the highest card of the last trick and loses the deal."),
        table("KD"), before="trick", name=2),
    # TRANSLATORS: {name} is a player's name
    say(N_("{name} takes 13 penalty points, the value of a king. Cards count their number, a "
           "jack 11, a queen 12, a king 13 and an ace 14."), seat(2), name=2),
)

# -- Gúrka, Icelandic rules -------------------------------------------------------------------
_IS_DEAL = {"type": "deal", "dealer": 1, "hands": [
    ["9C", "QD", "AD", "4S", "3C"],
    ["JC", "KH", "8D", "6C", "KS"],
    ["7S", "7H", "2H", "5D", "TH"]]}
_IS_DEAL2 = {"type": "deal", "dealer": 2, "hands": [
    ["5H", "5C", "TS", "2C"],
    ["2D", "3H", "4H", "8S"],
    ["9D", "JD", "6H", "3D"]]}

_IS = (
    say(N_("Icelandic Gúrka is played like Gurka, with rules of its own. A real game starts with "
           "ten cards each and deals one fewer every time; this lesson starts with five."),
        hand()),
    # TRANSLATORS: {six} is the six of clubs (6♣), {name} a player's name
    say(N_("The highest card of all is {six}, above the ace. {name} leads first."), seat(2),
        six="6C", name=2),
    bot(2, play("7S", "7H"), lessons=("pair_led",)),
    # TRANSLATORS: {name} is a player's name, {nine} and {queen} cards such as 9♣ and Q♦
    you(play("9C", "QD"), N_("{name} led a pair, so everyone now plays two cards. Sort each set "
                             "from low to high and compare card by card: {nine} and {queen} are "
                             "each at least as high as a 7, so they beat the pair. Click both, "
                             "then press Play."), hand("9C", "QD"), table("7S", "7H"), name=2,
        nine="9C", queen="QD", lessons=("pair_answered",)),
    bot(1, play("JC", "KH")),
    # TRANSLATORS: {name} is a player's name, {jack} and {king} cards such as J♣ and K♥
    say(N_("{name} answered with {jack} and {king}: card by card at least as high as your 9 and "
           "queen, so that set is now the strongest and takes the trick."), table("JC", "KH"),
        before="trick", name=1, jack="JC", king="KH"),
    bot(1, play("8D")),
    bot(2, play("2H"), lessons=("optional_lowest",)),
    # TRANSLATORS: {name} is a player's name
    say(N_("{name} played the lowest card instead of reaching the 8. In Icelandic Gúrka your "
           "lowest card is always allowed."), table("2H"), name=2),
    # TRANSLATORS: {eight} and {ace} are cards, such as 8♦ and A♦
    you(play("AD"), N_("Here the card to reach is the highest in the trick, {eight}, not the one "
                       "just before. Play {ace}: held to the last trick it would cost 14 "
                       "points."), hand("AD"), table("8D"), eight="8D", ace="AD",
        lessons=("highest_counts",)),
    # TRANSLATORS: {three} and {four} are cards, such as 3♣ and 4♠
    you(play("4S"), N_("Your lead. Keep {three} for the last trick and lead {four}."),
        three="3C", four="4S", lessons=("keep_low",)),
    bot(1, play("6C"), lessons=("top_card",)),
    # TRANSLATORS: {six} is the six of clubs (6♣), {name} a player's name
    say(N_("{six} is the top card, above the ace. {name} is glad to be rid of it: in the last "
           "trick it costs 21 points."), table("6C"), six="6C", name=1),
    bot(2, play("5D")),
    bot(1, play("KS")),
    bot(2, play("TH")),
    # TRANSLATORS: {three} is a card, such as 3♣
    you(play("3C"), N_("The last trick: play your {three}."), three="3C",
        lessons=("last_trick",)),
    # TRANSLATORS: {name} is a player's name, {king} a card such as K♠
    say(N_("{name} loses the deal with {king}: 13 points. The king stays face up on the table as "
           "a score pile, out of the deck while it counts; the pile shows the total."), pile(1),
        name=1, king="KS", lessons=("score_pile",)),
    deal(_IS_DEAL2),
    you(play("5H", "5C"), N_("The next deal has one card fewer, and you lead. A leader may lead "
                             "several cards of one rank: click both fives, then press Play. One "
                             "card must always be kept for the last trick."),
        lessons=("pair_led",)),
    bot(1, play("2D", "3H"), lessons=("lowest_set",)),
    # TRANSLATORS: {name} is a player's name
    say(N_("{name} cannot beat your pair and plays the two lowest cards instead: that is always "
           "allowed."), table("2D", "3H"), name=1),
    bot(2, play("9D", "JD")),
    # TRANSLATORS: {name} is a player's name, {nine} and {jack} cards such as 9♦ and J♦
    say(N_("{name} beats your fives with {nine} and {jack} and takes the trick."),
        table("9D", "JD"), before="trick", name=2, nine="9D", jack="JD"),
    bot(2, play("6H")),
    # TRANSLATORS: {ten}, {six} and {two} are cards, such as 10♠, 6♥ and 2♣
    you(play("TS"), N_("Play {ten}: it is at least as high as {six}, and you keep {two} for the "
                       "last trick."), ten="TS", six="6H", two="2C"),
    bot(1, play("4H")),
    # TRANSLATORS: {two} is a card, such as 2♣
    you(play("2C"), N_("The last trick: lead your {two}."), two="2C"),
    bot(1, play("8S")),
    bot(2, play("3D"), lessons=("exactly_21",)),
    # TRANSLATORS: {name} is a player's name
    say(N_("{name} plays the highest card again: 8 more points. 13 and 8 make exactly 21, and "
           "exactly 21 takes you back to 0! The score pile goes back into the deck."), seat(1),
        name=1),
)

# -- Podkidnoy Durak ------------------------------------------------------------------------------
_DURAK_DEAL = {"type": "deal", "dealer": 2, "trump": "6H", "hands": [
    ["8S", "TD", "7H", "JD", "QC", "AC"],
    ["TS", "9H", "9S", "7C", "6S", "6D"],
    ["TC", "9D", "KH", "QS", "AS", "6C"]],
    "stock": ["9C", "KC", "QD", "8C", "AD", "JH", "7D", "8D", "8H", "7S", "TH", "JC", "JS", "QH",
              "KD", "KS", "AH", "6H"]}

_DURAK = (
    say(N_("Podkidnoy Durak: get rid of your cards. There is no winner, only a loser: whoever is "
           "left holding cards at the end is the durak, the fool."), hand()),
    # TRANSLATORS: {trump} is the card under the stock, such as 6♥
    say(N_("The card under the stock, {trump}, shows the trump suit. A trump beats any card of "
           "another suit."), TRUMP, trump="6H"),
    # TRANSLATORS: {seven} and {eight} are cards such as 7♥ and 8♠, {name} a player's name
    you(attack("8S"), N_("You hold the lowest trump, {seven}, so you attack first, against "
                         "{name} on your left. Attack with {eight}."), hand("8S"), seat(1),
        seven="7H", name=1, eight="8S", lessons=("lowest_trump_first", "attack")),
    bot(1, defend("8S", "TS"), lessons=("beat_suit",)),
    # TRANSLATORS: {name} is a player's name, {ten} a card such as 10♦
    you(attack("TD"), N_("{name} beat it with a higher spade. Now the attack may go on with ranks "
                         "already on the table, 8 or 10: throw in your {ten}."), hand("TD"),
        table("8S", "TS"), name=1, ten="TD", lessons=("throw_in",)),
    bot(1, defend("TD", "9H"), lessons=("beat_trump",)),
    # TRANSLATORS: {name} is a player's name, {nine} a card such as 9♥
    say(N_("{name} has no higher diamond and beats your 10 with a trump, {nine}."), table("9H"),
        name=1, nine="9H"),
    bot(2, attack("TC"), lessons=("throw_in",)),
    # TRANSLATORS: {name} is a player's name
    say(N_("The other players may throw in too: {name} adds a 10."), table("TC"), seat(2),
        name=2),
    bot(1, TAKE, lessons=("take",)),
    # TRANSLATORS: {name} is a player's name
    say(N_("{name} cannot beat it and takes all the cards on the table. A defender may always "
           "take while a card lies unbeaten."), seat(1), name=1),
    bot(2, PASS),
    chance(lessons=("refill",)),
    # TRANSLATORS: {name} is a player's name
    say(N_("After every bout everyone draws back up to six cards from the stock: the attacker "
           "first, the defender last. {name} holds more than six and draws nothing."), STOCK,
        name=1),
    # TRANSLATORS: {name} is a player's name
    say(N_("After a take, the player on the taker's left attacks next: {name} attacks you."),
        seat(2), name=2),
    bot(2, attack("9D")),
    # TRANSLATORS: the Durak tutorial, the one word on transfer Durak (the Russian "perevodnoy",
    # offered in the game list as its own game); {nine} is a card such as 9♣, {name} the
    # player to the left
    say(N_("In transfer Durak, a game of its own in the list, you could now pass this attack on "
           "by laying your {nine} beside it: {name} would then have to beat both nines. Here, "
           "in podkidnoy, you beat it."), hand("9C"), seat(1), nine="9C", name=1,
        lessons=("pass_on_possible",)),
    # TRANSLATORS: {nine} and {jack} are cards, such as 9♦ and J♦
    you(defend("9D", "JD"), N_("Beat {nine} with a higher card of its suit: {jack}. A trump "
                               "would beat it too, but keep your trumps for later."),
        hand("JD"), table("9D"), nine="9D", jack="JD", lessons=("beat_suit",)),
    bot(1, attack("9S"), lessons=("throw_in",)),
    # TRANSLATORS: {name} is a player's name, {seven} a card such as 7♥
    you(defend("9S", "7H"), N_("{name} throws in a 9. You have no higher spade, but a trump beats "
                               "any other suit: beat it with {seven}."), hand("7H"), table("9S"),
        name=1, seven="7H", lessons=("beat_trump",)),
    bot(1, PASS),
    chance(lessons=("beaten_off", "refill")),
    say(N_("Everything is beaten and nobody adds more: the defence holds! The cards go to the "
           "discard pile, everyone with fewer than six cards draws again, and now you attack."), DISCARD),
)

_GURKA_FINAL = N_("That was a whole deal. Points add up from deal to deal; at 30 you are out, and "
                  "the last player left wins the pot. Once per game you may buy back in for a new "
                  "stake, as long as three others are still playing.")
_IS_FINAL = N_("Scoring in Icelandic Gúrka: the card that loses the last trick costs its value "
               "(jack 11, queen 12, king 13, ace 14, the 6 of clubs 21). When the highest card is "
               "tied, only the last of them scores. Exactly 21 takes you back to 0; above 21 you "
               "are out. The last player left wins.")
_DURAK_FINAL = N_("The game goes on like this. Once the stock is empty nobody draws, and a player "
                  "with no cards left is out of danger. The last one holding cards is the durak. "
                  "Also good to know: a bout has at most six attack cards, and never more than "
                  "the defender holds; and until the stock is empty, the holder of the six of "
                  "trumps may swap it for the trump card under the stock.")

_LIST = (
    Tutorial(
        GURKA_SE.id, "tutorial-gurka", MappingProxyType({}), _SE_DEAL, _SE, _GURKA_FINAL,
        N_("The heart of Swedish Gurka: reach the card before yours, play your lowest when you "
           "cannot, and keep a low card for the last trick."),
        ("must_reach", "lowest", "previous_only", "later_wins", "keep_low", "last_trick"),
        "must_reach"),
    Tutorial(
        GURKA_IS.id, "tutorial-gurka-is", MappingProxyType({"hand_size": 5}), _IS_DEAL, _IS,
        _IS_FINAL,
        N_("Pairs led and answered, the highest card in the trick, the 6 of clubs, score piles "
           "and exactly 21."),
        ("pair_led", "pair_answered", "lowest_set", "optional_lowest", "highest_counts",
         "top_card", "score_pile", "exactly_21", "last_trick"),
        "pair_answered"),
    Tutorial(
        DURAK_RU.id, "tutorial-durak", MappingProxyType({}), _DURAK_DEAL, _DURAK, _DURAK_FINAL,
        N_("Attack and beat, throw in and take, the refill from the stock, and what trumps do."),
        ("lowest_trump_first", "attack", "beat_suit", "beat_trump", "throw_in", "take", "refill",
         "beaten_off", "pass_on_possible"),
        "beat_trump"),
)

#: ruleset id -> its tutorial
TUTORIALS: dict[str, Tutorial] = {t.rules: t for t in _LIST}
#: the tutorials in the order the chooser shows them
TUTORIAL_IDS: tuple[str, ...] = tuple(TUTORIALS)


def tutorial(rules: str) -> Tutorial:
    """The tutorial of ``rules``; KeyError for a ruleset without one."""
    return TUTORIALS[rules]
