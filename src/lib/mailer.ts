import type { Transporter } from "nodemailer";
import type { EmailConfig } from "../config.ts";

export type Mail = { to: string; subject: string; text: string };

const transports = new WeakMap<EmailConfig, Transporter>();

async function transportFor(email: EmailConfig): Promise<Transporter> {
  let transport = transports.get(email);
  if (!transport) {
    // Loaded on first use, like every library of a rarely used feature (README, "Memory").
    const { default: nodemailer } = await import("nodemailer");
    transport = nodemailer.createTransport({
      host: email.host,
      port: email.port,
      // "tls": TLS from the first byte (port 465); "starttls": upgrade is required;
      // "none": plain SMTP, for a relay on the same host or network.
      secure: email.tls === "tls",
      requireTLS: email.tls === "starttls",
      ignoreTLS: email.tls === "none",
      auth: email.user ? { user: email.user, pass: email.password ?? "" } : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    transports.set(email, transport);
  }
  return transport;
}

/** Sends one plain-text mail through the configured SMTP server. */
export async function sendMail(email: EmailConfig, mail: Mail): Promise<void> {
  await (await transportFor(email)).sendMail({ from: email.from, ...mail });
}
