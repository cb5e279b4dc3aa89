/** The people of the second database (its README lists them with the same values). */
export const PEOPLE = {
  ava: {
    email: "ava@second.test",
    name: "Ava Sydney",
    // 90 bytes in UTF-8, emoji included: bcrypt reads only the first 72.
    password: "Ünïcødé-long-pass 🏋️‍♀️🥑🚴 Sydney→Chicago → Kolkata ☕ London 26!",
    timezone: "Australia/Sydney",
  },
  ben: {
    email: "ben@second.test",
    name: "Ben Chicago",
    password: "ben-Chicago-pass-2025",
    timezone: "America/Chicago",
  },
  chitra: {
    email: "chitra@second.test",
    name: "Chitra Kolkata",
    password: "chitra Kolkata pass 9",
    timezone: "Asia/Kolkata",
  },
  dev: {
    email: "dev@second.test",
    name: "Dev London",
    password: "dev-London-pass-2026",
    timezone: "Europe/London",
  },
  ella: {
    email: "ella@second.test",
    name: "Ella Sydney",
    password: "ella-Sydney-pass-77",
    timezone: "Australia/Sydney",
  },
  finn: {
    email: "finn@second.test",
    name: "Finn Disabled",
    password: "finn-disabled-pass-1",
    timezone: "Europe/London",
  },
} as const;

export type PersonKey = keyof typeof PEOPLE;
