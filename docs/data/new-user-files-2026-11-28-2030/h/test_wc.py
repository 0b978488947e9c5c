import subprocess
import sys
from pathlib import Path

from wc import count

HERE = Path(__file__).parent


def test_count():
    assert count("a b\nc\n") == (2, 3, 6)


def test_cli(tmp_path):
    sample = tmp_path / "sample.txt"
    sample.write_text("one two\n")
    result = subprocess.run([sys.executable, str(HERE / "wc.py"), str(sample)], capture_output=True, text=True)
    assert result.returncode == 0
    assert result.stdout == f"1 2 8 {sample}\n"
