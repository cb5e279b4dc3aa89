import { z } from "@hono/zod-openapi";

export const MAX_MESSAGE_CHARS = 4000;

export const chatRequestSchema = z
  .object({
    message: z.string().trim().min(1).max(MAX_MESSAGE_CHARS),
    conversation_id: z.string().uuid().optional(),
    confirmed_tools: z
      .array(z.string().max(64))
      .max(10)
      .optional()
      .openapi({ description: "Tools the user confirmed for this message (destructive changes)" }),
  })
  .openapi("ChatRequest");

const toolCall = z.object({
  id: z.string(),
  name: z.string(),
  input: z.unknown(),
  ok: z.boolean(),
  output: z.record(z.string(), z.unknown()).optional(),
  error: z.string().optional(),
});

export const chatAnswerSchema = z
  .object({
    conversation_id: z.string().uuid(),
    message_id: z.string().uuid(),
    content: z.string(),
    tool_calls: z.array(toolCall),
    pending_confirmation: z.array(z.string()),
  })
  .openapi("ChatAnswer");

export const chatMessageSchema = z.object({
  id: z.string().uuid(),
  conversation_id: z.string().uuid(),
  role: z.enum(["user", "assistant"]),
  content: z.string(),
  tool_calls: z.array(toolCall),
  created_at: z.date(),
});

export const conversationSchema = z.object({
  id: z.string().uuid(),
  title: z.string().nullable(),
  messages: z.number().int(),
  updated_at: z.date(),
});

const provider = z.enum(["openai-compatible", "anthropic", "google"]);
const baseUrl = z.string().url().max(500).nullable();

export const userChatSettingsSchema = z
  .object({
    provider,
    base_url: baseUrl,
    model: z.string().min(1).max(200),
    api_key: z.string().min(1).max(500).nullable().optional(),
  })
  .openapi("UserChatSettingsInput");

export const serverChatSettingsSchema = z
  .object({
    provider,
    base_url: baseUrl,
    model: z.string().min(1).max(200).nullable(),
    api_key: z.string().min(1).max(500).nullable(),
    allow_user_settings: z.boolean(),
    allow_private_network: z.boolean(),
    daily_request_limit: z.number().int().min(1).max(100_000),
    max_context_messages: z.number().int().min(1).max(200),
  })
  .partial()
  .openapi("ServerChatSettingsInput");

export const serverChatSettingsView = z
  .object({
    provider,
    base_url: baseUrl,
    model: z.string().nullable(),
    has_api_key: z.boolean(),
    allow_user_settings: z.boolean(),
    allow_private_network: z.boolean(),
    daily_request_limit: z.number().int(),
    max_context_messages: z.number().int(),
  })
  .openapi("ServerChatSettings");

export const conversationParams = z.object({ conversationId: z.string().uuid() });
