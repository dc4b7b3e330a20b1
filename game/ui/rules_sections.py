"""The six rules texts, section by section, in our own words (through gettext).

Each builder takes the ruleset's variants section (made by :mod:`.rules_text`, which
knows which variants a ruleset offers) and returns the list of :class:`Section`;
:data:`game.ui.rules_text` maps the ruleset ids to them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..i18n import _


@dataclass
class Section:
    title: str
    paragraphs: list[str] = field(default_factory=list)
    #: (label, explanation) pairs, for the variants
    items: list[tuple[str, str]] = field(default_factory=list)


def _ranks_plain() -> str:
    return _("Suits play no part; only the rank counts. Aces are high and twos are low.")


def _trick_play() -> str:
    return _("The player to the dealer's left leads the first trick with any card. The others "
             "follow one at a time, clockwise, one card each. The highest card takes the trick; "
             "if the highest rank was played more than once, the last of those cards wins. The "
             "winner leads the next trick.")


def _is_trick_play() -> str:
    return _("The player to the dealer's left leads the first trick with one card, or with "
             "several of one rank (see below). The others follow one at a time, clockwise, "
             "each with as many cards as were led. The highest card, or the strongest set, takes "
             "the trick; when the highest rank was played more than once, the last of those "
             "cards wins. The winner leads the next trick.")


def _tricks_worthless() -> str:
    return _("Winning an ordinary trick costs nothing and gains nothing. What counts is which "
             "card you are left holding at the end.")


def _follow_previous() -> str:
    return _("When you follow, look at the card played just before yours. If you hold a card "
             "of the same rank or higher, you must play one of them (any one you like). If you "
             "hold nothing that high, you must play your lowest card.")


def _follow_highest() -> str:
    return _("When you follow, look at the highest card played so far in the trick. If you "
             "hold a card of the same rank or higher, you must play one of them (any one you "
             "like). If you hold nothing that high, you must play your lowest card.")


def _lowest_means() -> str:
    return _("“Your lowest card” means any card of your lowest rank; with two or more of them "
             "you pick which.")


def _last_trick(values: str) -> str:
    return _("When everyone has one card left, the last trick is played. Whoever plays the "
             "highest card in it loses the deal and takes that card's value in penalty points: "
             "{values}").format(values=values)


def _values_plain() -> str:
    return _("2 to 10 count their number, jack 11, queen 12, king 13 and ace 14.")


def _tie_all() -> str:
    return _("If several players share that highest rank, every one of them takes the points.")


def _deal_passes() -> str:
    return _("The points add up from deal to deal. The deal passes clockwise to the next "
             "player still in the game.")


def _everyone_out() -> str:
    return _("Should one deal knock out everybody still playing, the game ends there and the "
             "lowest total wins (a tie shares the win).")


def _win_last_left() -> str:
    return _("Be the last player left in the game.")


def _gurka_tips() -> str:
    return _("Throw away dangerous high cards while it is safe, but do not empty your hand of "
             "them: without a high card you can be forced to give up your low cards early and "
             "end with a big one.")


def _is_follow() -> str:
    return _("When you follow a single card, you may play any card at least as high as the "
             "highest card in the trick so far, or your lowest card instead, as you prefer. If "
             "nothing in your hand is that high, you must play your lowest.")


def _is_multi() -> str:
    return _("The leader may lead several cards of one rank together, such as a pair or three "
             "of a kind. Everyone else must then play the same number of cards, of any ranks. "
             "To compare two sets, sort each from low to high and compare card by card: a set "
             "beats the strongest set so far when each of its cards is at least as high as the "
             "card in the same place. Each follower plays either such a set or that many of "
             "their lowest cards. Of two equal sets the later one is stronger, and the strongest "
             "set takes the trick.")


def _is_keep_one() -> str:
    return _("You always need a card for the last trick, so you may never lead every card you "
             "hold.")


# -- the six texts ------------------------------------------------------------------------

def gurka_se(variants: Section) -> list[Section]:
    return [
        Section(_("Overview"), [
            _("Gurka is a Swedish trick game for 3 to 8 players, and the aim is not to win the "
              "final trick. Everyone gets six cards. After five tricks each player has one card "
              "left, and those last cards decide who takes penalty points."),
            _ranks_plain(),
        ]),
        Section(_("How a deal goes"), [_trick_play(), _tricks_worthless()]),
        Section(_("Following"), [_follow_previous(), _lowest_means()]),
        Section(_("Scoring"), [
            _last_trick(_values_plain()), _tie_all(), _deal_passes(),
            _("With 30 points or more you are out."),
            _everyone_out(),
        ]),
        Section(_("Pot and buying back"), [
            _("Before the first deal everyone puts the same stake into the pot (10 chips unless "
              "you change it), and the winner collects it. Chips carry over from game to game "
              "in a session."),
            _("Once per game you may buy your way back in, provided at least three other players "
              "are still in. You pay a new stake into the pot and your total becomes the highest "
              "total among the others still playing. It is done between deals: usually right "
              "after being knocked out, but you may also do it earlier while still in. If the "
              "next deal starts and you have not bought back, you are out for good, and a "
              "player who has bought back is out for good on reaching the limit again."),
        ]),
        variants,
        Section(_("Example"), [
            _("Four players have three cards each. The first leads a king and the second also "
              "plays a king. The third holds neither an ace nor a king, so he must play his "
              "lowest card, a 3. The fourth holds a queen, a 7 and a 2. The card to match is now "
              "the 3, so she must play the queen or the 7; the 2 is not allowed. The second "
              "player wins the trick, because his king came after the first one."),
            _("If you play with the highest card in the trick as the card to match, the fourth "
              "player cannot reach the king and has to play her 2."),
        ]),
        Section(_("How to win"), [_win_last_left(), _gurka_tips()]),
    ]


def agurk_dk(variants: Section) -> list[Section]:
    return [
        Section(_("Overview"), [
            _("Agurk, also called 21 in Denmark, is a trick game for 3 to 8 players (best with "
              "4 to 7) in which nobody wants the final trick. Everyone gets seven cards, or six "
              "with eight players."),
            _ranks_plain(),
        ]),
        Section(_("How a deal goes"), [_trick_play(), _tricks_worthless()]),
        Section(_("Following"), [
            _follow_highest(), _lowest_means(),
            _("An ace may never be played on top of an ace. Once an ace is in the trick, every "
              "later player must play their lowest card. (If that lowest card is itself an ace, "
              "as in a hand of nothing but aces, it is played.)"),
        ]),
        Section(_("Scoring"), [
            _last_trick(_values_plain()), _tie_all(), _deal_passes(),
            _("Reach 21 points and you are the agurk: you are out."),
            _everyone_out(),
        ]),
        variants,
        Section(_("Example"), [
            _("Anna leads an 8 and Bo plays a jack. Carl holds a 10, a 5 and a 4: nothing reaches "
              "the jack, so he must play the 4. Dorte holds a queen and an ace and may play "
              "either; she plays the ace. No ace may follow an ace, so Erik must play his lowest "
              "card although he holds an ace himself. Dorte wins the trick and leads the next "
              "one."),
        ]),
        Section(_("How to win"), [_win_last_left(), _gurka_tips()]),
    ]


def agurk_no(variants: Section) -> list[Section]:
    return [
        Section(_("Overview"), [
            _("Norwegian Agurk is played by 3 to 8 players with seven cards each (six each with "
              "eight players). The one left with the highest card in the last trick takes penalty "
              "points."),
            _ranks_plain(),
        ]),
        Section(_("How a deal goes"), [_trick_play(), _tricks_worthless()]),
        Section(_("Following"), [_follow_highest(), _lowest_means()]),
        Section(_("Scoring"), [
            _last_trick(_values_plain()), _tie_all(), _deal_passes(),
            _("At 30 points or more you are out; exactly 30 is enough."),
            _everyone_out(),
        ]),
        variants,
        Section(_("Example"), [
            _("Anne, Bjørn and Camilla sit in that order, clockwise. In the second trick Camilla "
              "leads a queen and Anne plays an ace. Bjørn holds nothing as high as the ace, so "
              "he must play his lowest card, a 3."),
            _("In the fifth trick Bjørn plays a 7, Camilla an 8 and Anne another 8. The eights "
              "tie and Anne's came last, so she takes the trick and leads the sixth."),
            _("In the last trick Camilla's 10 is higher than Bjørn's 5 and Anne's 4: Camilla "
              "takes 10 penalty points and the others none."),
        ]),
        Section(_("How to win"), [_win_last_left(), _gurka_tips()]),
    ]


def gurka_is(variants: Section) -> list[Section]:
    return [
        Section(_("Overview"), [
            _("Icelandic Gúrka is for 2 to 4 players. The first deal gives ten cards each, the "
              "next nine, and so on down to one card; after that every deal gives one card each "
              "until only one player is left."),
            _("The six of clubs is the top card, above the ace. Then come ace, king, queen, "
              "jack, 10, 9, 8, 7, the other three sixes, 5, 4, 3 and 2. The six of clubs is a "
              "rank of its own and never pairs with another six. Otherwise suits do not "
              "matter."),
        ]),
        Section(_("How a deal goes"), [_is_trick_play(), _is_keep_one()]),
        Section(_("Following"), [_is_follow(), _lowest_means(), _is_multi()]),
        Section(_("Scoring"), [
            _("In the last trick the highest card loses. If that rank is tied, only the player "
              "who played it last takes the points. Penalties: 2 to 10 count their number, jack "
              "11, queen 12, king 13, ace 14 and the six of clubs 21."),
            _("The losing card is laid face up in front of its owner, and that pile shows your "
              "total. Under 21 you play on. Exactly 21 and your pile goes back into the deck: you "
              "start again from 0. Over 21 and you are out. Cards in the piles stay out of the "
              "deck while they count, so losing with the six of clubs is only harmless on 0 "
              "points."),
            _("The deal passes clockwise among the players still in."),
        ]),
        variants,
        Section(_("Example"), [
            _("Anna leads a pair of eights. Baldur answers with a 9 and a queen, which beats "
              "8-8 card by card. Katrín could take over with a 10 and a king (the 10 is at least "
              "as high as the 9, the king at least as high as the queen), but a 5 and an ace "
              "would not do, because the 5 is below the 9. If she cannot or will not beat "
              "Baldur, she plays her two lowest cards."),
        ]),
        Section(_("How to win"), [
            _("Be the last player left in the game, whatever your points."),
            _("Keep an eye on the piles: a player on 14 can afford a 7 but not an 8, and "
              "hitting 21 exactly wipes the slate clean."),
        ]),
    ]


def gurka_is7(variants: Section) -> list[Section]:
    return [
        Section(_("Overview"), [
            _("Seven-round Gúrka is for 2 to 5 players and lasts exactly seven deals: seven cards "
              "each, then six, and so on down to one. Nobody is knocked out; after the seventh "
              "deal the lowest total wins."),
            _("Sevens are the highest cards. Below them come ace, king, queen, jack, 10, 9, 8, 6, "
              "5, 4, 3 and 2. Suits do not matter."),
        ]),
        Section(_("Exchanging cards"), [
            _("Before play in each deal there is an exchange. The player to the dealer's left "
              "chooses how many cards to throw away and replace from the undealt cards, from "
              "none up to the whole hand. Then each other player in turn may exchange up to that "
              "many, as long as cards remain. Thrown-away cards are out of play until the next "
              "deal."),
        ]),
        Section(_("How a deal goes"), [_is_trick_play(), _is_keep_one()]),
        Section(_("Following"), [_is_follow(), _lowest_means(), _is_multi()]),
        Section(_("Scoring"), [
            _("The highest card in the last trick loses; if that rank is tied, only the last of "
              "them scores. Penalties: 2 to 10 count their number, jack 11, queen 12, king 13, "
              "ace 14 and a seven 21."),
            _("Totals simply add up: there is no limit and no reset to zero."),
        ]),
        variants,
        Section(_("Example"), [
            _("Two cards each are left. Gunnar holds a seven and a 2, Sigga a king and a 4. If "
              "Gunnar leads the 2, Sigga may answer with her 4 (a lowest card is always allowed) "
              "and win the trick; in the last trick Gunnar's seven is the highest card and costs "
              "him 21 points."),
            _("If Gunnar leads the seven instead, Sigga cannot reach it and plays her 4. Gunnar "
              "keeps the 2, and in the last trick Sigga's king costs her 13."),
        ]),
        Section(_("How to win"), [
            _("Have the fewest points after the seventh deal."),
            _("Use the exchange to get rid of sevens and aces, and get them out early in the "
              "tricks rather than keeping them for the end."),
        ]),
    ]


def durak(variants: Section) -> list[Section]:
    return [
        Section(_("Overview"), [
            _("Durak is a Russian game for 2 to 6 players with 36 cards, six to ace. There is no "
              "winner, only a loser: the last player still holding cards is the durak, the "
              "fool. Four players can play two against two, and six players three against three."),
            _("In each suit the order is 6, 7, 8, 9, 10, jack, queen, king, ace."),
        ]),
        Section(_("Deal and trump"), [
            _("Everyone gets six cards. The next card is turned face up: its suit is trump for "
              "the whole game, and the rest of the stock is laid across it, so that card is the "
              "last one drawn. With six players every card is dealt, and the dealer's last card "
              "is shown to fix the trump."),
            _("In the first game the player holding the lowest trump attacks first (if nobody "
              "holds a trump, the player to the dealer's left). In later games the previous "
              "durak deals and the player to the dealer's left attacks."),
        ]),
        Section(_("A bout"), [
            _("The attacker lays down one card, or several of one rank, against the player to "
              "the left: the defender. The defender beats each attacking card with one card: a "
              "higher card of the same suit, or any trump if the attacking card is not a trump. "
              "A trump can only be beaten by a higher trump. Nobody has to follow suit."),
            _("Once a card has been beaten, the attacker, and then the defender's other "
              "opponents, may throw in more cards, but only of ranks already on the table in "
              "this bout. A bout never has more than six attacking cards (fewer if a lower "
              "attack limit was chosen on the new-game screen), nor more than the defender held "
              "when it began."),
            _("If the defender beats everything and nobody adds more, all the cards of the bout "
              "go to the discard pile and the defender attacks next (a defender left without "
              "cards passes the attack to the next player on the left who has some)."),
            _("The defender may give up instead and pick up every card on the table. The "
              "attackers may first hand over more cards they could have thrown in. After "
              "picking up, the defender loses the turn to attack, which passes to the player on "
              "the defender's left."),
        ]),
        Section(_("Drawing and the trump six"), [
            _("After each bout everyone with fewer than six cards draws up to six from the "
              "stock: the first attacker first, then the others clockwise, and the defender "
              "last. The face-up trump card is the last card drawn."),
            _("A player who got the six of trumps from the deal or the stock may swap it for the "
              "face-up trump card at any time before the stock is empty. If the six comes in the "
              "draw that empties the stock, its holder may still take the trump card from "
              "whoever drew it, giving the six in exchange, until the next bout begins."),
        ]),
        Section(_("End of the game"), [
            _("When the stock is empty, a player with no cards left is out. The last player "
              "still holding cards is the durak and deals the next game. If everyone runs out in "
              "the same bout, the game is a draw; so is a game in which a hundred bouts in a row "
              "end with the defender picking up. In team play the team left holding cards "
              "loses."),
            _("With five or six players only the defender's two neighbours and the opening "
              "attacker may attack, unless that is switched off on the new-game screen."),
        ]),
        _first_five(),
        variants,
        Section(_("Example"), [
            _("Hearts are trump. West attacks North with the 7 of clubs, and North beats it with "
              "the 10 of clubs. East throws in the 7 of diamonds, and North beats it with the 6 "
              "of hearts, a trump. West adds the 10 of spades, which North cannot beat, so North "
              "takes. Before North picks up, East hands over the 6 of diamonds, as a six is on "
              "the table."),
            _("North picks up all six cards and now holds ten. West draws back up to six, then "
              "East; North draws nothing. Having picked up, North loses the turn, so East "
              "attacks South next."),
        ]),
        Section(_("How to win"), [
            _("Do not be the last one holding cards."),
            _("Get rid of your low cards early, save trumps for the end when the stock is gone, "
              "and throw in ranks the defender is unlikely to beat."),
        ]),
    ]


# -- transfer Durak (perevodnoy) and the house rule both Durak games can use ---------------------------

def _first_five() -> Section:
    # TRANSLATORS: a section of the Durak rules: the house rule of at most five attacking cards
    # until the first bout whose cards go to the discard pile
    return Section(_("Five cards until the first discard"), [
        _("A common house rule, switched on for either kind of Durak on the new-game screen: "
          "until a bout first ends with the defence holding and its cards on the discard pile, "
          "no bout may hold more than five attacking cards. From then on the usual limit "
          "applies."),
    ])


def durak_transfer(variants: Section) -> list[Section]:
    """Transfer Durak (perevodnoy): Durak's sections, with the third answer of the defender."""
    plain = {s.title: s for s in durak(variants)}
    return [
        Section(_("Overview"), [
            _("Transfer Durak, perevodnoy in Russian, is played like ordinary Durak with one "
              "more answer for the defender: before beating anything, the defender may pass the "
              "whole attack on to the next player. The last player still holding cards is the "
              "durak."),
            _("In each suit the order is 6, 7, 8, 9, 10, jack, queen, king, ace."),
        ]),
        plain[_("Deal and trump")],
        plain[_("A bout")],
        # TRANSLATORS: a section of the transfer Durak rules: the defender's third answer
        Section(_("Passing the attack on"), [
            _("As long as no card of the bout has been beaten, the defender may lay a card of "
              "the same rank next to the attacking cards instead of beating them. That passes "
              "the attack on: the defender becomes the attacker, and the next player on the left "
              "(in team play the next opponent) has to answer every card on the table, the new "
              "one too."),
            _("The new defender may pass it on in the same way, as long as cards of that rank "
              "last; with two players it goes back and forth. Once a card has been beaten, or the "
              "defender has chosen to take, the attack stays where it is."),
            _("Passing on is not allowed when the next player holds fewer cards than the "
              "attacking cards they would face, or when it would make more attacking cards than "
              "the limit."),
            _("Afterwards the bout goes on as if the player who passed it on had opened it: that "
              "player may throw in, the new defender's other opponents join in once a card is "
              "beaten, the limit counts the new defender's cards at that moment, and after the "
              "bout that player draws first and the new defender last."),
        ]),
        # TRANSLATORS: a section of the transfer Durak rules: the variant where a trump of the
        # attacking rank is only shown, not played, to pass the attack on
        Section(_("Showing a trump"), [
            _("With the variant “Show a trump to pass on”, a defender holding the trump of the "
              "attacking rank may just show it instead of laying it down. The card goes back "
              "into the hand, so everyone knows who holds it, and the attack moves on as if a "
              "card had been added, with the same limits but nothing new on the table. Each trump "
              "can be shown once a bout."),
        ]),
        _first_five(),
        plain[_("Drawing and the trump six")],
        plain[_("End of the game")],
        variants,
        Section(_("Example"), [
            _("Spades are trump. Anna attacks Björn with the 7 of hearts. Björn holds the 7 of "
              "clubs, lays it next to the heart and passes the attack on, so Karin must answer "
              "both sevens. Karin has no seven: she beats the 7 of hearts with the 9 of hearts "
              "and the 7 of clubs with the 6 of spades, a trump."),
            _("Björn is the attacker now and throws in the 9 of clubs. Karin cannot beat it and "
              "picks up all five cards. Björn draws first, then Anna; Karin draws nothing, and "
              "the player on her left attacks next."),
        ]),
        Section(_("How to win"), [
            _("Do not be the last one holding cards."),
            _("A card of the rank that is led lets you hand the whole attack to your neighbour "
              "for the price of one card, and a trump shown costs nothing at all. Keep track of "
              "which sevens, eights and so on are gone before you count on passing it on."),
        ]),
    ]
