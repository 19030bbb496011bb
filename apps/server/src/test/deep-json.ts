/**
 * JSON texts nested `depth` levels deep, written as characters: JSON.stringify itself recurses
 * and cannot write them.
 */
export function deepJsonArray(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

export function deepJsonObject(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** Operations whose requests may carry a body (fetch sends none with GET or HEAD). */
export function takesBody(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD';
}
