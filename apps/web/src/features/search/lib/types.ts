/** What the global search shows (spec 1 §2 Modals 'Global search'). */
import type { QueryLike } from '../../../shared/ui/query-status';

/** A server hit; servers without a project are grouped under 'No Project'. */
export interface ServerHit {
  provisioned_id: number;
  name: string;
  project: number | null;
  project_name: string | null;
  model_name: string;
  cluster: string;
  /** The IPv4 and IPv6 addresses, space separated; null when it has none yet. */
  ip: string | null;
  mac: string | null;
}

export interface IpsetHit {
  ipset: number;
  name: string;
  comment: string;
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
