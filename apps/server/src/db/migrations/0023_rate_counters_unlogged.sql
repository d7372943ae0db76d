-- The per-minute rate counters (widget budgets, the dashboard's per-account limit) are worth a
-- minute at most: after a crash, starting every count afresh is harmless. As a logged table,
-- every widget message waited for its counters' commit to reach the disk while holding the
-- bot's counter row, so concurrent messages queued behind each other's WAL flush (seen under
-- load on PostgreSQL as WALSync and transactionid lock waits). Unlogged, a transaction that
-- only counts writes no WAL and commits without a flush.
ALTER TABLE public_rate_counters SET UNLOGGED;
