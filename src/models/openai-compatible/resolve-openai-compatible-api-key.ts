/** The key sent to servers that need none: the SDK refuses to build a client without one. */
export const PLACEHOLDER_API_KEY = 'not-needed';

/**
 * The key to send: the given one; else `OPENAI_API_KEY`, but only to OpenAI's own API, so that a key in the
 * environment never leaks to a local or third-party server set as `baseURL`; else a placeholder.
 */
export function resolveOpenaiCompatibleApiKey(
  apiKey: string | undefined,
  baseURL: string,
  env: NodeJS.ProcessEnv = process.env,
): string {
  if (apiKey) return apiKey; // an empty key is treated as missing, as the SDK does
  const fromEnvironment = env.OPENAI_API_KEY?.trim();
  return fromEnvironment && isOpenAi(baseURL) ? fromEnvironment : PLACEHOLDER_API_KEY;
}

function isOpenAi(baseURL: string): boolean {
  try {
    const { protocol, hostname } = new URL(baseURL);
    return protocol === 'https:' && (hostname === 'api.openai.com' || hostname.endsWith('.openai.azure.com'));
  } catch {
    return false;
  }
}
