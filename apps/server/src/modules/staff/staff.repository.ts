/** The SQL of the staff's status-message history (/statuses). */

/** Every posted status message, the current and the ended ones, with who posted it. */
export const STATUS_HISTORY_SQL = `SELECT s.id::int AS id, s.level, s.message, u.email AS created_by, s.created_at, s.ended_at
  FROM internal_statuses s LEFT JOIN users u ON u.id = s.created_by`;
