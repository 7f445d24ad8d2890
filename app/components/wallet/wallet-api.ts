import { api, ApiError } from "~/lib/api";

/**
 * Wallet calls from the browser. Spec §5/§8: a wallet reply with status 1 or 2 is an answer (2 is
 * "no wallet" or "may not withdraw now", data still attached); any other status is an error.
 */
export async function walletCall<T>(
  method: "get" | "post",
  path: string,
  body?: Record<string, unknown>,
): Promise<{ status: 1 | 2; message: string; data: T }> {
  try {
    const data = method === "get" ? await api.get<T>(path) : await api.post<T>(path, body);
    return { status: 1, message: "", data };
  } catch (err) {
    if (err instanceof ApiError && err.code === 2)
      return { status: 2, message: err.message, data: err.data as T };
    throw err;
  }
}
