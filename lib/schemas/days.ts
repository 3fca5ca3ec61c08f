// Calendar days as forms write them (YYYY-MM-DD): a module of its own, so that a form that needs
// this check does not bring the phone numbers' metadata of ./auth.ts with it.

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
/** A YYYY-MM-DD day that exists, within the date picker's range (1900–2099). */
export function isRealDate(value: string): boolean {
  if (!isoDate.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return (
    !Number.isNaN(date.getTime()) &&
    date.toISOString().startsWith(value) &&
    value >= '1900-01-01' &&
    value <= '2099-12-31'
  );
}
