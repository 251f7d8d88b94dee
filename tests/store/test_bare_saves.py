"""Hand-edited bare ``Game.to_json`` files (no save envelope): every field a menu reads is
checked, so a damaged one is a SaveError in ``load_game``, ``save_info`` and ``list_saves``
alike — never a KeyError or TypeError that would crash the Load dialog or Continue."""

from __future__ import annotations

import json

import pytest

from cardtable.store import SaveError, list_saves, load_game, save_info, saves_dir
from cardtable.store import saves as saves_module

from .helpers import started_game


def bare_document(tmp_path) -> dict:
    return started_game(tmp_path, "tonk", 1, 5).to_data()


DAMAGE = [
    ("no family", lambda d: d.pop("family"), "no game family"),
    ("family as a list", lambda d: d.update(family=["tonk"]), "unknown game family ['tonk']"),
    ("unknown family", lambda d: d.update(family="bridge"), "unknown game family 'bridge'"),
    ("family as a number", lambda d: d.update(family=3), "unknown game family 3"),
]


@pytest.mark.parametrize("label, change, words", DAMAGE, ids=[d[0] for d in DAMAGE])
def test_a_bare_file_without_a_valid_family_is_a_save_error(tmp_path, label, change, words):
    document = bare_document(tmp_path)
    change(document)
    path = tmp_path / "bug.json"
    path.write_text(json.dumps(document))
    for read in (load_game, save_info):
        with pytest.raises(SaveError, match="bug.json") as caught:
            read(path)
        assert words in str(caught.value)


def test_list_saves_lists_a_bad_bare_file_as_an_error(tmp_path):
    saves_dir().mkdir(parents=True)
    document = bare_document(tmp_path)
    good = saves_dir() / "good.json"
    good.write_text(json.dumps(document))
    document.pop("family")
    bad = saves_dir() / "bad.json"
    bad.write_text(json.dumps(document))
    listed = dict(list_saves())
    assert listed[good].family == "tonk"
    assert isinstance(listed[bad], SaveError) and "no game family" in str(listed[bad])


def test_an_unexpected_error_while_summarising_is_a_save_error(tmp_path, monkeypatch):
    """Whatever the checks miss, save_info and list_saves still answer with a SaveError."""
    saves_dir().mkdir(parents=True)
    path = saves_dir() / "odd.json"
    path.write_text(json.dumps(bare_document(tmp_path)))

    def broken(path, document):
        raise KeyError("players")

    monkeypatch.setattr(saves_module, "_summary", broken)
    with pytest.raises(SaveError, match="odd.json.*damaged"):
        save_info(path)
    [(listed_path, error)] = list_saves()
    assert listed_path == path and isinstance(error, SaveError)


def test_list_saves_turns_any_error_into_a_save_error(tmp_path, monkeypatch):
    saves_dir().mkdir(parents=True)
    path = saves_dir() / "odd.json"
    path.write_text(json.dumps(bare_document(tmp_path)))

    def broken(path, document):
        raise TypeError("unhashable type: 'list'")

    monkeypatch.setattr(saves_module, "_summary", broken)
    [(listed_path, error)] = list_saves()
    assert isinstance(error, SaveError) and "odd.json" in str(error) and "TypeError" in str(error)
