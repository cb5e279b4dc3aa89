import type en from "./messages/en.json";

/** Every message key; the English catalogue is the source of truth. */
export type MessageKey = keyof typeof en;
export type Catalogue = Record<MessageKey, string>;

/** Each locale's catalogue is a chunk of its own, loaded when that language is picked. */
export const CATALOGUES: Record<string, () => Promise<{ default: Catalogue }>> = {
  en: () => import("./messages/en.json"),
  de: () => import("./messages/de.json"),
  fr: () => import("./messages/fr.json"),
  es: () => import("./messages/es.json"),
  "pt-BR": () => import("./messages/pt-BR.json"),
  it: () => import("./messages/it.json"),
  nl: () => import("./messages/nl.json"),
  pl: () => import("./messages/pl.json"),
  ja: () => import("./messages/ja.json"),
  ar: () => import("./messages/ar.json"),
};
