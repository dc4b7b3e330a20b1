"""Invitations to an internet table (game/net/invitation.py): what a player pastes or reads
aloud comes back as the same invitation; anything else is one clear error, never a wrong table."""

from __future__ import annotations

import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.net.invitation import Invitation, InvitationError, parse, relay_address


def _inv(**kw) -> Invitation:
    base = dict(relay_host="relay.example.org", relay_port=47400, pin=os.urandom(12), key=os.urandom(8))
    base.update(kw)
    return Invitation(**base)


def test_the_link_and_the_spoken_form_give_the_same_invitation():
    inv = _inv()
    link = inv.link()
    assert link.startswith("gurka://relay.example.org:47400/") and len(link.split("/")[-1]) == 33
    assert parse(link) == inv
    spoken = inv.spoken()
    assert spoken.startswith("relay.example.org:47400  ") and spoken.count("-") == 8
    assert parse(spoken) == inv
    assert parse(spoken.lower()) == inv                       # typed in any case
    assert parse("  " + link.upper().replace("GURKA://", "gurka://") + "\n") == inv
    # the letters a listener may write for 0 and 1
    assert parse(f"{inv.relay}/" + inv.secret.replace("0", "o").replace("1", "l")) == inv
    assert parse(_inv(relay_host="::1").link()).relay_host == "::1"
    assert parse(_inv(relay_tls=True).link()).relay_tls is True


def test_the_room_and_the_code():
    inv = _inv()
    assert inv.room == inv.pin[:8].hex() and len(inv.code) == 16 and inv.code == inv.key.hex()
    assert inv.code not in repr(inv) and inv.secret not in repr(inv)     # never the key in a log


def test_a_misread_character_is_caught_by_the_check_character():
    inv = _inv()
    s = inv.secret
    caught = 0
    for i in range(len(s) - 1):
        for c in "0123456789ABCDEFGHJKMNPQRSTVWXYZ":
            if c == s[i]:
                continue
            try:
                other = parse(f"{inv.relay}/{s[:i]}{c}{s[i + 1:]}")
            except InvitationError as e:
                assert e.code == "typo"
                caught += 1
                continue
            assert other != inv
    # one check character of 32 values: about 31 of 32 single misreadings are caught
    assert caught / ((len(s) - 1) * 31) > 0.9


@pytest.mark.parametrize("text, code", [
    ("", "empty"), ("   ", "empty"), ("gurka://", "empty"), ("relay.example.org", "length"),
    ("gurka://relay.example.org:47400/ABC", "length"), ("gurka://relay.example.org:99999/" + "A" * 33, "address"),
    ("gurka://-bad-/" + "A" * 33, "address"), ("gurka://relay.example.org:47400/" + "U" * 33, "length"),
])
def test_what_is_not_an_invitation(text, code):
    with pytest.raises(InvitationError) as e:
        parse(text)
    assert e.value.code == code


def test_a_relay_address_as_settings_name_it():
    assert relay_address("relay.example.org") == ("relay.example.org", 47400, False)
    assert relay_address("gurkas://relay.example.org:443/") == ("relay.example.org", 443, True)
    assert relay_address("[2001:db8::1]:5000") == ("2001:db8::1", 5000, False)
    for bad in ("", "relay.example.org:0", "a b", "http://x"):
        with pytest.raises(InvitationError):
            relay_address(bad)


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=120))
def test_any_text_is_an_invitation_or_one_error(text):
    try:
        inv = parse(text)
    except InvitationError as e:
        assert e.code in ("empty", "address", "length", "typo") and str(e)
        return
    assert parse(inv.link()) == inv


@settings(max_examples=200, deadline=None)
@given(st.binary(min_size=12, max_size=12), st.binary(min_size=8, max_size=8),
       st.sampled_from(["relay.example.org", "10.0.0.1", "::1", "a"]), st.integers(1, 65535), st.booleans())
def test_every_invitation_comes_back_whole(pin, key, host, port, tls):
    inv = Invitation(host, port, pin, key, tls)
    assert parse(inv.link()) == inv
    assert parse(inv.spoken()).key == key
