/** Whole years between an ISO date of birth (YYYY-MM-DD) and `now`, in UTC. */
export function ageOn(birthDate: string, now: Date = new Date()): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - y;
  const month = now.getUTCMonth() + 1;
  if (month < m || (month === m && now.getUTCDate() < d)) age -= 1;
  return age;
}

/** The ISO date of birth of someone who turns `age` today. */
export function birthDateForAge(age: number, now: Date = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), now.getUTCDate()));
  return d.toISOString().slice(0, 10);
}
