import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

/** A random URL-safe secret (session tokens, e-mail tokens, CSRF tokens). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** Secrets are stored only as their SHA-256: a leaked table does not leak sessions. */
export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A 6-digit SMS code. */
export function smsCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

// OWASP's argon2id floor: 46 MiB of memory, one pass, one lane.
// algorithm 2 is Algorithm.Argon2id (a const enum, which isolated modules cannot import).
const ARGON = { algorithm: 2, memoryCost: 47104, timeCost: 1, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON);
}

export async function verifyPassword(hashed: string | null, password: string): Promise<boolean> {
  if (!hashed) return false;
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}
