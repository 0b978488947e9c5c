// Spot allocation for the office car park.

export type SpotSize = 'small' | 'medium' | 'large';
export type VehicleKind = 'motorcycle' | 'car' | 'van';

const SIZE_RANK: Record<SpotSize, number> = { small: 0, medium: 1, large: 2 };
const NEEDS: Record<VehicleKind, SpotSize> = { motorcycle: 'small', car: 'medium', van: 'large' };

interface Spot {
  id: string;
  size: SpotSize;
  occupiedBy: string | null;
}

interface Ticket {
  plate: string;
  spotId: string;
}

export class ParkingLot {
  private spots: Spot[] = [];
  private tickets = new Map<string, Ticket>();
  private ticketSeq = 0;

  constructor(layout: Partial<Record<SpotSize, number>>) {
    for (const size of Object.keys(SIZE_RANK) as SpotSize[]) {
      for (let i = 1; i <= (layout[size] ?? 0); i++) {
        this.spots.push({ id: `${size[0].toUpperCase()}${i}`, size, occupiedBy: null });
      }
    }
  }

  park(plate: string, kind: VehicleKind): string {
    const normalized = plate.replace(/\s+/g, '').toUpperCase();
    if (this.isParked(normalized)) throw new Error(`${normalized} is already parked`);
    const minRank = SIZE_RANK[NEEDS[kind]];
    const spot = this.spots
      .filter((s) => s.occupiedBy === null && SIZE_RANK[s.size] >= minRank)
      .sort((a, b) => SIZE_RANK[a.size] - SIZE_RANK[b.size])[0];
    if (!spot) throw new Error(`no free spot for a ${kind}`);
    spot.occupiedBy = normalized;
    const ticketId = `T${String(++this.ticketSeq).padStart(4, '0')}`;
    this.tickets.set(ticketId, { plate: normalized, spotId: spot.id });
    return ticketId;
  }

  leave(ticketId: string): Ticket {
    const ticket = this.tickets.get(ticketId);
    if (!ticket) throw new Error(`unknown ticket ${ticketId}`);
    const spot = this.spots.find((s) => s.id === ticket.spotId)!;
    spot.occupiedBy = null;
    return ticket;
  }

  isParked(plate: string): boolean {
    const normalized = plate.replace(/\s+/g, '').toUpperCase();
    return [...this.tickets.values()].some((t) => t.plate === normalized);
  }

  freeSpots(size?: SpotSize): number {
    return this.spots.filter((s) => s.occupiedBy === null && (!size || s.size === size)).length;
  }

  activeTickets(): number {
    return this.tickets.size;
  }
}
