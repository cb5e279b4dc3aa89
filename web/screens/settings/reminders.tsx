import { useEffect, useState } from "preact/hooks";
import { del, get, post, put } from "../../api/client.ts";
import type { Preferences, PushDevice, ReminderKind } from "../../api/types.ts";
import { Card, ErrorText, Field, Notice, Placeholder } from "../../components/ui.tsx";
import { formatDay } from "../../lib/dates.ts";
import { deviceName } from "../../lib/device.ts";
import {
  currentSubscription,
  pushSupport,
  subscribeThisBrowser,
  unsubscribeThisBrowser,
} from "../../lib/push.ts";
import { preferences } from "../../lib/session.ts";
import { useAction } from "../../lib/use-action.ts";
import { useLoad } from "../../lib/use-load.ts";
import { t, type MessageKey } from "../../i18n/i18n.ts";

const KINDS: [ReminderKind, MessageKey][] = [
  ["meal", "reminders.kindMeal"],
  ["weigh_in", "reminders.kindWeighIn"],
  ["water", "reminders.kindWater"],
  ["medication", "reminders.kindMedication"],
  ["fast", "reminders.kindFast"],
];

/** Where reminders go (this browser, the others, email) and which ones, when. */
export function Reminders() {
  return (
    <>
      <Devices />
      <ReminderSettings />
    </>
  );
}

function Devices() {
  const devices = useLoad(() => get<PushDevice[]>("/api/push/subscriptions"), []);
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const support = pushSupport();
  useEffect(() => {
    currentSubscription().then(
      (s) => setEndpoint(s?.endpoint ?? null),
      () => {},
    );
  }, [devices.data]);
  const { run, error, notice } = useAction(devices.reload);
  const permission = "Notification" in window ? Notification.permission : "unsupported";
  const subscribed = devices.data?.some((d) => d.endpoint === endpoint) ?? false;
  const test = () =>
    run(
      post<{ sent: number; failed: number; error?: string }>("/api/push/test").then((r) => {
        if (r.failed && !r.sent) throw new Error(r.error ?? t("reminders.refused"));
      }),
      t("reminders.testSent"),
    );

  if (!devices.data) return <Placeholder height={160} />;
  return (
    <Card title={t("reminders.notifications")}>
      <p>
        {t("reminders.thisBrowserIs", {
          state:
            permission === "granted"
              ? t("reminders.allowed")
              : permission === "denied"
                ? t("reminders.blocked")
                : t("reminders.notAsked"),
        })}
        {subscribed && <span class="badge">{t("reminders.subscribed")}</span>}
      </p>
      {support === "unsupported" && <Notice>{t("reminders.unsupported")}</Notice>}
      {support === "no-worker" && <Notice>{t("reminders.needsHttps")}</Notice>}
      {support === "supported" &&
        (subscribed ? (
          <button
            type="button"
            onClick={() => run(unsubscribeThisBrowser(), t("reminders.stopped"))}
          >
            {t("reminders.stop")}
          </button>
        ) : (
          <button
            type="button"
            class="primary"
            onClick={() => run(subscribeThisBrowser(), t("reminders.started"))}
          >
            {t("reminders.start")}
          </button>
        ))}
      <h3>{t("reminders.browsers")}</h3>
      {devices.data.length === 0 ? (
        <p class="hint">{t("reminders.noBrowser")}</p>
      ) : (
        <ul class="list account-list">
          {devices.data.map((device) => {
            const name = deviceName(device.user_agent);
            return (
              <li class="key-row">
                <span>
                  <strong>{name}</strong>
                  {device.endpoint === endpoint && (
                    <span class="badge">{t("reminders.thisBrowser")}</span>
                  )}
                  <span class="hint">
                    {t("reminders.since", {
                      day: formatDay(device.created_at.slice(0, 10), "short"),
                    })}
                  </span>
                </span>
                <button
                  type="button"
                  onClick={() =>
                    run(
                      del(`/api/push/subscriptions/${device.id}`),
                      t("reminders.removed", { name }),
                    )
                  }
                >
                  {t("reminders.remove")}
                  <span class="visually-hidden"> {name}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {devices.data.length > 0 && (
        <button type="button" onClick={test}>
          {t("reminders.sendTest")}
        </button>
      )}
      <ErrorText error={error ?? devices.error} />
      {notice && <Notice>{notice}</Notice>}
    </Card>
  );
}

function ReminderSettings() {
  const prefs = preferences.value;
  const { run, error, notice } = useAction(() => {});
  const save = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const time = (name: string) => String(form.get(name) ?? "") || null;
    const kinds = (name: string) => form.getAll(name).map(String) as ReminderKind[];
    run(
      put<Preferences>("/api/user-preferences", {
        meal_reminder_time: time("meal_reminder_time"),
        weigh_in_reminder_time: time("weigh_in_reminder_time"),
        water_reminder_time: time("water_reminder_time"),
        quiet_hours_start: time("quiet_hours_start"),
        quiet_hours_end: time("quiet_hours_end"),
        reminder_email: form.get("reminder_email") === "on",
        reminder_push_kinds: kinds("push"),
        reminder_email_kinds: kinds("email"),
      }).then((saved) => (preferences.value = saved)),
      t("reminders.saved"),
    );
  };
  const timeField = (name: keyof Preferences, label: MessageKey) => (
    <Field
      label={t(label)}
      name={name}
      type="time"
      defaultValue={(prefs[name] as string | null) ?? ""}
    />
  );
  return (
    <Card title={t("reminders.whatReminds")}>
      <form class="stack" onSubmit={save} aria-label={t("reminders.settings")}>
        <div class="grid fields">
          {timeField("meal_reminder_time", "reminders.mealAt")}
          {timeField("weigh_in_reminder_time", "reminders.weighInAt")}
          {timeField("water_reminder_time", "reminders.waterAt")}
        </div>
        <p class="hint">{t("reminders.timesHint")}</p>
        <table>
          <thead>
            <tr>
              <th scope="col">{t("reminders.reminder")}</th>
              <th scope="col">{t("reminders.browsersColumn")}</th>
              <th scope="col">{t("reminders.email")}</th>
            </tr>
          </thead>
          <tbody>
            {KINDS.map(([kind, label]) => (
              <tr>
                <th scope="row">{t(label)}</th>
                {(["push", "email"] as const).map((channel) => (
                  <td>
                    <input
                      type="checkbox"
                      name={channel}
                      value={kind}
                      aria-label={t(channel === "push" ? "reminders.byPush" : "reminders.byEmail", {
                        kind: t(label),
                      })}
                      defaultChecked={(prefs[`reminder_${channel}_kinds`] ?? []).includes(kind)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <label class="check">
          <input type="checkbox" name="reminder_email" defaultChecked={prefs.reminder_email} />
          <span>{t("reminders.emailToo")}</span>
        </label>
        <div class="grid fields">
          {timeField("quiet_hours_start", "reminders.quietFrom")}
          {timeField("quiet_hours_end", "reminders.quietUntil")}
        </div>
        <p class="hint">{t("reminders.quietHint")}</p>
        <button type="submit" class="primary">
          {t("reminders.save")}
        </button>
        <ErrorText error={error} />
        {notice && <Notice>{notice}</Notice>}
      </form>
    </Card>
  );
}
