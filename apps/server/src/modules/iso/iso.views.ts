/**
 * GET /api/MyIso (spec 2 §7): the account's ISO images with their state, the locations holding a
 * copy, the servers whose drive holds them and, once ready, the direct download link (a capability
 * URL with the image's secret token, served by the IsoImageFile route).
 */
import { isoRow } from '@portside/contract/schemas/vm-data';
import { claim } from '../../http/access.js';
import { defineView, type ViewDef } from '../../routes/route-defs.js';

/** The row of MyIso from `iso_images i` (shared with the upload calls' answer). */
export const ISO_ROW_SQL = `SELECT i.id::int AS id, i.file_name, 'iso' AS file_type, i.size_bytes, i.status,
    i.progress, i.error, i.source_url,
    COALESCE((SELECT array_agg(DISTINCT c.location_id ORDER BY c.location_id) FROM iso_copies ic JOIN clusters c ON c.id = ic.cluster_id
               WHERE ic.iso_id = i.id), '{}') AS locations,
    CASE WHEN i.status = 'ready' THEN '/api/IsoImageFile/' || i.id || '.' || i.download_token END AS download_url,
    COALESCE((SELECT jsonb_agg(v.provisioned_id::int ORDER BY v.provisioned_id) FROM vms v WHERE v.iso_id = i.id AND v.state <> 'deleted'),
      '[]') AS attached_to,
    i.created_at
  FROM iso_images i`;

export const isoViews: ViewDef[] = [
  defineView({
    name: 'MyIso',
    access: claim('menu-see-custom-iso'),
    row: isoRow,
    source: `${ISO_ROW_SQL} WHERE i.client_id = portside_client()`,
    order: 'created_at.desc',
  }),
];
