"""The Python page's session (docs/python.md) runs as written (a doctest)."""

import doctest
import pathlib
import re

PAGE = pathlib.Path(__file__).resolve().parents[3] / "docs" / "python.md"


def test_the_python_page_session_prints_what_it_shows():
    text = PAGE.read_text()
    session = re.search(r"```python\n(.*?)```", text, re.S).group(1)
    test = doctest.DocTestParser().get_doctest(session, {}, "docs/python.md", str(PAGE), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
    assert len(test.examples) >= 10


def test_the_package_docstring_session_runs():
    import grundy

    test = doctest.DocTestParser().get_doctest(grundy.__doc__, {}, "grundy", "grundy/__init__.py", 0)
    runner = doctest.DocTestRunner()
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
    assert len(test.examples) >= 4
