/** What other services may call of account-data: nothing yet; createServices builds it (docs/ARCHITECTURE.md). */
export {
  ACCOUNT_HOUSEKEEPING_CRON,
  createAccountDataService,
  type AccountDataService,
  type ExportJob,
} from "./account-data.ts";
