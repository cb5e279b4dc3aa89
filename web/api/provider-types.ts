// Shapes of the food provider answers (see the OpenAPI document at /api/api-docs/json).
import type { Nutrients } from "./food-types.ts";

/** A configured provider; credentials are never sent back, only whether one is set. */
export type ExternalProvider = {
  id: string;
  provider_name: string;
  provider_type: string;
  is_active: boolean;
  categories: string[];
  supports_barcode: boolean;
  base_url: string | null;
  options: Record<string, unknown>;
  sort_order: number;
  is_private: boolean;
  shared: boolean;
  allow_private_network: boolean;
  has_app_id: boolean;
  has_app_key: boolean;
  editable: boolean;
};

export type ProviderType = {
  provider_type: string;
  display_name: string;
  categories: string[];
  supports_barcode: boolean;
  images: "yes" | "conditional" | "unverified" | "none";
  needs_app_id: boolean;
  needs_app_key: boolean;
  needs_base_url: boolean;
  default_base_url: string | null;
};

/** A provider's food, normalized: a library food's keys without its ids. */
export type ProviderFood = {
  name: string;
  brand: string | null;
  barcode: string | null;
  provider_type: string;
  provider_external_id: string;
  image_url: string | null;
  images: string[];
  default_variant: Nutrients & { serving_size: number; serving_unit: string };
  variants: unknown[];
};

export type Contribution = {
  id: string;
  food_id: string;
  state: "draft" | "previewed" | "publishing" | "published" | "uncertain" | "failed";
  photo: string;
  photo_type: string;
  language: string;
  preview: Record<string, string> | null;
  preview_expires_at: string | null;
  confirmed_accuracy: boolean;
  confirmed_photo_rights: boolean;
  result_message: string | null;
  published_at: string | null;
};
