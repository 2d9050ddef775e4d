"""PBN 2.1 table sections: column formats, tokens, missing values, repeats, errors and writing."""

from __future__ import annotations

import pytest

from scoring.files.pbn import read_games
from scoring.files.pbn_tables import (
    Column,
    Table,
    column_widths,
    parse_columns,
    read_meta,
    read_table,
    split_row,
    write_table,
)
from scoring.shared.errors import PbnError


def table_of(text: str, name: str = "ScoreTable") -> Table:
    tag = read_games(text)[0].tag(name)
    assert tag is not None
    return read_table(tag)


def test_column_formats_give_name_width_and_alignment() -> None:
    columns = parse_columns(r"Table\2R;Contract\4L;Names;Score_NS\ 6 r")
    assert columns == (
        Column("Table", 2, "R"),
        Column("Contract", 4, "L"),
        Column("Names"),
        Column("Score_NS", 6, "R"),
    )
    assert [column.spec for column in columns] == [r"Table\2R", r"Contract\4L", "Names", r"Score_NS\6R"]


@pytest.mark.parametrize("spec", ["", ";;", r"Table\2R;Table\3R", r"Ta ble\2R"])
def test_a_table_without_clear_columns_is_refused(spec: str) -> None:
    with pytest.raises(PbnError, match="Line 7"):
        parse_columns(spec, 7)


def test_tokens_quoted_with_spaces_escapes_and_missing_values() -> None:
    assert split_row(r' 1  "Ann Able - Bob Baker" - "-" "say \"hi\"" ""  4S') == [
        ("1", False),
        ("Ann Able - Bob Baker", True),
        ("-", False),
        ("-", True),
        ('say "hi"', True),
        ("", True),
        ("4S", False),
    ]


def test_rows_read_with_missing_values_and_the_column_formats_kept() -> None:
    table = table_of(
        '[Board "1"]\n'
        r'[ScoreTable "Table\2R;PairId_NS\2R;Score_NS\6R;Score_EW\5R;Names\8L"]'
        '\n 1  5 "1020"     - "A B"\n 2  6      - "50" -\n'
    )
    assert table.columns[0] == Column("Table", 2, "R")
    assert table.rows == (("1", "5", "1020", None, "A B"), ("2", "6", None, "50", None))
    assert table.row_lines == (3, 4)
    assert table.records()[1]["Score_EW"] == "50"
    assert table.index("Names") == 4 and table.index("Lead") is None


def test_an_unquoted_hash_repeats_the_row_above() -> None:
    table = table_of('[Board "1"]\n[ScoreTable "Section;Table"]\n"A" 1\n# 2\n')
    assert table.rows == (("A", "1"), ("A", "2"))


def test_a_hash_on_the_first_row_is_refused_naming_its_line() -> None:
    with pytest.raises(PbnError, match="Line 3: # repeats"):
        table_of('[Board "1"]\n[ScoreTable "Section;Table"]\n# 1\n')


def test_a_row_with_too_few_tokens_names_its_line_and_the_columns() -> None:
    text = '[Board "1"]\n[ScoreTable "Table;Round;Score_NS"]\n1 1 "420"\n2 1\n'
    with pytest.raises(PbnError, match=r"Line 4: this ScoreTable row has only 2 values but the table has 3"):
        table_of(text)


def test_a_row_with_too_many_tokens_is_refused() -> None:
    with pytest.raises(PbnError, match="Line 3: this ScoreTable row has 4 values"):
        table_of('[Board "1"]\n[ScoreTable "Table;Round;Score_NS"]\n1 1 "420" 7\n')


def test_a_row_with_an_unclosed_quote_is_refused() -> None:
    with pytest.raises(PbnError, match="Line 3"):
        table_of('[Board "1"]\n[ScoreTable "Table;Names"]\n1 "Ann Able\n')


def test_a_table_tag_of_hash_repeats_the_previous_boards_columns() -> None:
    text = '[Board "1"]\n[ScoreTable "Table;Score_NS"]\n1 "420"\n\n[Board "2"]\n[ScoreTable "#"]\n1 "450"\n'
    second = read_games(text)[1].tag("ScoreTable")
    assert second is not None
    assert read_table(second).columns == (Column("Table"), Column("Score_NS"))


def test_writing_pads_each_column_to_its_width_as_the_spec_example() -> None:
    columns = (
        Column("Table", 1, "R"),
        Column("Contract", 4, "L"),
        Column("Score_NS", 5, "R"),
        Column("Names", 5, "L"),
    )
    lines = write_table(
        Table("ScoreTable", columns, (("1", "4S", "450", "Ann Able"), ("2", "4S", None, None))),
        quote={"Score_NS"},
    )
    assert lines == [
        r'[ScoreTable "Table\1R;Contract\4L;Score_NS\5R;Names\5L"]',
        '1 4S   "450" "Ann Able"',
        "2 4S       - -",
    ]


def test_written_tables_read_back_equal() -> None:
    rows = (("1", "Ann Able - Bob Baker", None, "-"), ("12", 'say "hi"', "", "#"))
    columns = column_widths([Column("Rank"), Column("Names", None, "L"), Column("Club"), Column("X")], rows)
    text = "\n".join(['[Board "1"]', *write_table(Table("TotalScoreTable", columns, rows))]) + "\n"
    assert table_of(text, "TotalScoreTable").rows == rows
    assert [column.width for column in columns] == [2, 22, 2, 3]


def test_meta_lines_are_read_until_the_first_tag() -> None:
    text = (
        '% PBN 2.0\n% <META  name=Generator   content="Ruter">\n'
        '% <META  name=CRSession content="2">\n[Event "x"]\n% <META name=Late content="no">\n'
    )
    assert read_meta(text) == {"Generator": "Ruter", "CRSession": "2"}
