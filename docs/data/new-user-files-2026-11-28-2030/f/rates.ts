export abstract class Converter {
  abstract convert(amount: number): number;

  format(amount: number): string {
    return this.convert(amount).toFixed(2);
  }
}

export class Fixed extends Converter {
  constructor(private readonly rate: number, public readonly fee = 0) {
    super();
  }

  convert(amount: number): number {
    return amount / this.rate - this.fee;
  }
}
