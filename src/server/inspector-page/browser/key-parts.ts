/** One part of a session key, decoded: absent (`-`), or the id it holds (`user` for the `@user` part). */
export type KeyPart = { absent: true } | { text: string; user: boolean };

/**
 * A session key (agent/channel/thread, or agent/-/-/@user; each part URI-encoded, - for an absent one) as the text
 * its parts are. Null when the key is not of that shape or a part is not valid percent-encoding: then it is shown as
 * it is. Pure (no DOM).
 */
export function keyParts(key: string): KeyPart[] | null {
  const parts = String(key).split('/');
  const userKey = parts.length === 4 && parts[3]?.startsWith('@') && parts[1] === '-' && parts[2] === '-';
  if (parts.length !== 3 && !userKey) return null;
  const decoded: KeyPart[] = [];
  for (const [index, part] of parts.entries()) {
    const user = index === 3;
    const raw = user ? part.slice(1) : part;
    if (raw === '' || (index === 0 && raw === '-')) return null;
    if (!user && raw === '-') {
      decoded.push({ absent: true });
      continue;
    }
    try {
      decoded.push({ text: decodeURIComponent(raw), user });
    } catch {
      return null;
    }
  }
  return decoded;
}
