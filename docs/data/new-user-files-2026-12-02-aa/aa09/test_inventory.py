import pytest

from inventory import OutOfStock, UnknownReservation, Warehouse


@pytest.fixture
def warehouse():
    wh = Warehouse()
    wh.receive("MUG", 10)
    wh.receive("TEE-M", 3)
    wh.receive("CAP", 1)
    return wh


def test_reserve_reduces_availability(warehouse):
    warehouse.reserve("o1", [("MUG", 4), ("TEE-M", 1)])
    assert warehouse.available("MUG") == 6
    assert warehouse.available("TEE-M") == 2
    assert warehouse.on_hand["MUG"] == 10


def test_duplicate_lines_are_combined(warehouse):
    held = warehouse.reserve("o1", [("MUG", 2), ("MUG", 3)])
    assert held == {"MUG": 5}
    assert warehouse.available("MUG") == 5


def test_out_of_stock_reports_details(warehouse):
    with pytest.raises(OutOfStock) as exc:
        warehouse.reserve("o1", [("CAP", 2)])
    assert exc.value.sku == "CAP"
    assert exc.value.available == 1


def test_failed_reservation_holds_nothing(warehouse):
    with pytest.raises(OutOfStock):
        warehouse.reserve("o1", [("MUG", 2), ("CAP", 5)])
    assert warehouse.available("MUG") == 10
    assert warehouse.available("CAP") == 1
    assert "o1" not in warehouse.reservations


def test_customer_can_retry_after_failed_reservation(warehouse):
    with pytest.raises(OutOfStock):
        warehouse.reserve("o1", [("TEE-M", 3), ("CAP", 2)])
    warehouse.reserve("o1", [("TEE-M", 3), ("CAP", 1)])
    assert warehouse.available("TEE-M") == 0


def test_release_returns_stock(warehouse):
    warehouse.reserve("o1", [("MUG", 10)])
    warehouse.release("o1")
    assert warehouse.available("MUG") == 10
    with pytest.raises(UnknownReservation):
        warehouse.release("o1")


def test_commit_removes_stock(warehouse):
    warehouse.reserve("o1", [("MUG", 3)])
    warehouse.commit("o1")
    assert warehouse.snapshot()["MUG"] == {"on_hand": 7, "reserved": 0, "available": 7}


def test_cannot_reserve_twice_for_same_order(warehouse):
    warehouse.reserve("o1", [("MUG", 1)])
    with pytest.raises(ValueError):
        warehouse.reserve("o1", [("MUG", 1)])
