-- D8: rl_take reads and deletes a window's hits through rate_limit_hits_window_idx, never by scanning the table.
-- Its statements run on PL/pgSQL's cached plans, made when the table was last analysed: a new installation analyses
-- it empty, the planner then takes a sequential scan as the cheapest read of a table it thinks holds nothing, and
-- every take of every key reads the whole table (and, for a busy key, holds its window's row lock meanwhile) until
-- autovacuum next analyses it. In the growth bench's first minutes: 16,500 scans, 68 million rows read, 0 index
-- reads, GET /status at a quarter of its rate. With sequential scans off in the function, the index is taken whatever
-- the statistics say (a scan it would still need is taken, at a cost, so nothing can fail).
ALTER FUNCTION rl_take(text, text, integer, timestamptz, integer, integer, integer) SET enable_seqscan = off;
