export type Pregnancy = {
  id: string;
  due_date: string;
  due_date_basis: "lmp" | "given" | "conception";
  lmp_date: string | null;
};

export type KickSession = {
  id: string;
  started_at: string;
  ended_at: string | null;
  kick_count: number;
};

export type Appointment = {
  id: string;
  scheduled_at: string;
  title: string | null;
  location: string | null;
};

export type Overview = {
  pregnancy: Pregnancy | null;
  date: string;
  gestation?: { weeks: number; days: number; daysUntilDue: number };
  checklistProgress?: { done: number; total: number };
  nextAppointment?: Appointment | null;
  recentKickSessions?: KickSession[];
};

/** The form's fields as an object of strings. */
export function formValues(event: Event): Record<string, string> {
  event.preventDefault();
  return Object.fromEntries(new FormData(event.currentTarget as HTMLFormElement)) as Record<
    string,
    string
  >;
}
