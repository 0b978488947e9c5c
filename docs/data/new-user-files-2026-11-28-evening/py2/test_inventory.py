def test_add(stocked):
    stocked.add("apple")
    assert stocked.count("apple") == 6
