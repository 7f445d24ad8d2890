import type { FastifyInstance } from "fastify";
import type { Outbox } from "../lib/outbox.ts";
import type { Services } from "../services/index.ts";
import { devOAuthRoutes } from "./oauth.ts";
import { devOutboxRoutes } from "./outbox.ts";
import { devPayRoutes } from "./pay.ts";

/**
 * The development-only pages, each registered only while its stand-in is on: the outbox
 * (DEV_OUTBOX), the 模拟支付 cashier (the dev payment provider), the OAuth consent screen
 * (OAUTH_PROVIDER=dev). None of them exists in production.
 */
export function installDevPages(
  app: FastifyInstance,
  opts: { services: Services; outbox: Outbox | undefined; siteName: string },
) {
  const { services, outbox, siteName } = opts;
  if (outbox) devOutboxRoutes(app, outbox, siteName);
  if (services.orders.payments.dev) devPayRoutes(app, services.orders);
  const oauthDev = services.oauth.providers.dev;
  if (oauthDev) devOAuthRoutes(app, oauthDev);
}
