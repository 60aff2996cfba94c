/** Rows of the offers and builder reads (apps/server/src/modules/offers), money in cents. */

/** HostingLocations: kept in the session state as hostingLocationGlobal. */
export interface HostingLocation {
  id: string;
  name: string;
  country: string;
  country_code: string;
  electricity_warning: boolean;
}

/** ProductsVms: one VM model with its lowest price; kept in the session state as productsVms. */
export interface VmProduct {
  model_id: number;
  model: string;
  core_type: string;
  core_type_name: string;
  cores: number;
  ram_gb: number;
  disk_gb: number;
  from_price_cents: number;
  locations: string[];
}

/** Products: one dedicated-server configuration; kept in the session state as products. */
export interface ServerProduct {
  product: string;
  name: string;
  cpu: string;
  cores: number;
  ram_gb: number;
  disks: string;
  from_price_cents: number;
  locations: string[];
}

/** ServerOffers: a dedicated-server configuration at one location. */
export interface ServerOffer {
  offer_id: number;
  product: string;
  name: string;
  cpu: string;
  cores: number;
  ram_gb: number;
  disks: string;
  location: string;
  location_name: string;
  monthly_price_cents: number;
}

/** NewOrderGetModels: a model at a location with its list price and the account's voucher. */
export interface ModelOption {
  model_id: number;
  model: string;
  core_type: string;
  core_type_name: string;
  cores: number;
  ram_gb: number;
  disk_gb: number;
  location: string;
  monthly_price_cents: number;
  discount_percent: number;
}

/** NewOrderGetSystems: an active system image. */
export interface ImageOption {
  id: string;
  name: string;
  os_family: 'linux' | 'windows';
  min_disk_gb: number;
}

/** MyOrders: an order of the account (orderData in the session state). */
export interface OrderRow {
  id: number;
  status: string;
  payment_method: string;
  subtotal_cents: number;
  vat_percent: number;
  vat_cents: number;
  total_cents: number;
  monthly_cents: number;
  item_count: number;
  created_at: string;
}
