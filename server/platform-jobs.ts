import { repairDrift } from "../db/counters.ts";
import {
  dropPartitionsBefore,
  ensureAllMonthlyPartitions,
  MONTHLY_PARTITIONS_CRON,
} from "../db/partitions.ts";
import { COUNTER_REPAIR_CRON } from "./lib/queue.ts";
import type { ServiceModule } from "./services/module.ts";

/** The jobs no service owns, which keep the database itself: counters and monthly partitions. */
export const platformModule: ServiceModule = {
  name: "platform",
  jobs: [
    {
      name: "counter-repair",
      cron: COUNTER_REPAIR_CRON,
      enabled: (config) => config.counterRepair,
      run: async (_data, { db, log }) => {
        const fixed = await repairDrift(db);
        // What drifted is a bug somewhere: name the first few so it can be found.
        if (fixed.length) log.warn({ fixed: fixed.length, first: fixed.slice(0, 20) }, "counters repaired");
        else log.info("counters checked: no drift");
      },
    },
    {
      // Next months' partitions of the monthly tables, made ahead (they are also made at every start).
      name: "monthly-partitions",
      cron: MONTHLY_PARTITIONS_CRON,
      run: async (_data, { db, config, log }) => {
        const made = await ensureAllMonthlyPartitions(db);
        const days = config.notificationRetentionDays;
        const dropped =
          days > 0
            ? await dropPartitionsBefore(db, "notifications", new Date(Date.now() - days * 86_400_000))
            : [];
        log.info({ made, dropped }, "monthly partitions checked");
      },
    },
  ],
};
