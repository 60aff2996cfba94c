/** What the global search shows (spec 1 §2 Modals 'Global search'). */
import type { QueryLike } from '../../../shared/ui/query-status';

/** A server hit; servers without a project are grouped under 'No Project'. */
export interface ServerHit {
  provisioned_id: string;
  name: string;
  project_name: string | null;
  model_name?: string | null;
  ip?: string | null;
}

export interface IpsetHit {
  ipset: string;
  name: string;
  comment: string | null;
}

export interface UserHit {
  email: string;
  client?: string | null;
}

/** One section's state: loading, what it found, and the read behind it (its failure, its retry). */
export interface SearchSection<T> {
  loading: boolean;
  items: readonly T[];
  query?: QueryLike & { isFetching?: boolean };
}

export interface SearchResults {
  servers: SearchSection<ServerHit>;
  ipsets: SearchSection<IpsetHit>;
  users: SearchSection<UserHit>;
}

/** Until the search loads arrive (a later release) every section is empty and idle. */
export const EMPTY_RESULTS: SearchResults = {
  servers: { loading: false, items: [] },
  ipsets: { loading: false, items: [] },
  users: { loading: false, items: [] },
};
