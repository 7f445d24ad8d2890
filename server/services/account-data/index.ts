/** What other services may call of account-data: nothing yet; createServices builds it (docs/ARCHITECTURE.md). */
export { createAccountDataService, type AccountDataService } from "./account-data.ts";
