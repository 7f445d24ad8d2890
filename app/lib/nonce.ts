import { createContext, useContext } from "react";

/**
 * The per-response CSP nonce (server/ssr.ts sets it in the load context and in the
 * Content-Security-Policy header). Only the server render needs it; in the browser it is "".
 */
export const NonceContext = createContext("");
export const useNonce = () => useContext(NonceContext);
