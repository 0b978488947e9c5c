export interface User {
  name: string;
  email?: string;
  address?: { city?: string };
}

export function cityOf(user: User): string {
  return user.address?.city ?? "unknown";
}

export function contact(user: User): string {
  return user.email ?? user.name;
}

export function isAdult(age: number | undefined): boolean {
  return age !== undefined && age > 18;
}
