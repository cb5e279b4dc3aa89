import { SMTPServer } from "smtp-server";

export type ReceivedMail = { from: string; to: string[]; raw: string };

export type FakeSmtp = {
  port: number;
  mails: ReceivedMail[];
  /** Env for the app to send through this server (plain SMTP with a login). */
  env: Record<string, string>;
  /** Waits for the next mail to `to` and returns its body. */
  nextMailTo(to: string): Promise<ReceivedMail>;
  close(): Promise<void>;
};

/** A real SMTP server on a random loopback port that keeps every mail it receives. */
export async function startFakeSmtp(): Promise<FakeSmtp> {
  const mails: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: false,
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === "mailer" && auth.password === "mail secret") {
        callback(null, { user: auth.username });
      } else callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    port,
    mails,
    env: {
      SERVICE_FITNESS_EMAIL_HOST: "127.0.0.1",
      SERVICE_FITNESS_EMAIL_PORT: String(port),
      SERVICE_FITNESS_EMAIL_USER: "mailer",
      SERVICE_FITNESS_EMAIL_PASSWORD: "mail secret",
      SERVICE_FITNESS_EMAIL_FROM: "fitness@example.test",
      SERVICE_FITNESS_EMAIL_TLS: "none",
    },
    async nextMailTo(to) {
      for (;;) {
        const index = mails.findIndex((m) => m.to.includes(to));
        if (index >= 0) return mails.splice(index, 1)[0]!;
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The six-digit code in a mail body. */
export function codeIn(mail: ReceivedMail): string {
  const match = mail.raw.match(/Your code is (\d{6})/);
  if (!match) throw new Error(`no code in mail: ${mail.raw}`);
  return match[1]!;
}
