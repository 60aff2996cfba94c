-- Up Migration

-- Identity verification (spec 1 §1): a photo ID plus a selfie, reviewed by staff. The images live
-- in the storage driver under random keys; these rows hold what is known about them. Documents are
-- deleted (file removed, row marked deleted_at) 6 months after the review by the purge job.

CREATE TABLE verification_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_id uuid NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  submitted_by uuid REFERENCES users(id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','approved','rejected')),
  reason text CHECK (length(reason) <= 500),
  reviewed_by uuid REFERENCES users(id) ON DELETE SET NULL,
  reviewed_at timestamptz,
  submitted_at timestamptz NOT NULL DEFAULT now(),
  -- A request is reviewed exactly when it is no longer pending; a rejection always says why.
  CONSTRAINT verification_requests_reviewed CHECK ((status = 'pending') = (reviewed_at IS NULL)),
  CONSTRAINT verification_requests_reason CHECK (status <> 'rejected' OR reason IS NOT NULL)
);
-- One request under review per account at a time.
CREATE UNIQUE INDEX verification_requests_one_pending ON verification_requests (client_id) WHERE status = 'pending';
CREATE INDEX verification_requests_client_idx ON verification_requests (client_id, submitted_at DESC);
CREATE INDEX verification_requests_queue_idx ON verification_requests (submitted_at) WHERE status = 'pending';
CREATE INDEX verification_requests_reviewed_idx ON verification_requests (reviewed_at) WHERE reviewed_at IS NOT NULL;

CREATE TABLE verification_documents (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_id uuid NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  -- NULL while the image is a draft (uploaded, not yet submitted).
  request_id bigint REFERENCES verification_requests(id) ON DELETE SET NULL,
  kind text NOT NULL CHECK (kind IN ('document','selfie')),
  document_type text CHECK (document_type IN ('passport','national_id','driving_licence')),
  storage_key text NOT NULL UNIQUE CHECK (storage_key ~ '^[A-Za-z0-9_-]{16,128}$'),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  mime text NOT NULL CHECK (mime IN ('image/jpeg','image/png','image/gif','image/bmp','image/webp')),
  size int NOT NULL CHECK (size > 0 AND size < 2097152),
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CONSTRAINT verification_documents_type CHECK ((kind = 'document') = (document_type IS NOT NULL))
);
-- 'file already uploaded': the same image once per account among the kept documents.
CREATE UNIQUE INDEX verification_documents_sha_key ON verification_documents (client_id, sha256) WHERE deleted_at IS NULL;
-- One draft of each kind per account: a new upload replaces the draft.
CREATE UNIQUE INDEX verification_documents_one_draft ON verification_documents (client_id, kind)
  WHERE request_id IS NULL AND deleted_at IS NULL;
CREATE INDEX verification_documents_request_idx ON verification_documents (request_id) WHERE deleted_at IS NULL;
CREATE INDEX verification_documents_purge_idx ON verification_documents (created_at) WHERE deleted_at IS NULL;

ALTER TABLE verification_requests ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON verification_requests USING (client_id = portside_client() OR portside_system());
ALTER TABLE verification_documents ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON verification_documents USING (client_id = portside_client() OR portside_system());

-- Rows are never deleted by the application: documents are marked deleted, requests stay as history.
GRANT SELECT, INSERT, UPDATE ON verification_requests, verification_documents TO portside_app;
GRANT USAGE, SELECT ON SEQUENCE verification_requests_id_seq, verification_documents_id_seq TO portside_app;

-- Down Migration
DROP TABLE verification_documents, verification_requests;
