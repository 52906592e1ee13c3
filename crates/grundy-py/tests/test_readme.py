"""The README's Python session runs as written (a doctest)."""

import doctest
import pathlib
import re

README = pathlib.Path(__file__).resolve().parents[3] / "README.md"


def test_the_readme_session_prints_what_it_shows():
    text = README.read_text()
    section = text[text.index("### Python") :]
    session = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    test = doctest.DocTestParser().get_doctest(session, {}, "README", str(README), 0)
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
