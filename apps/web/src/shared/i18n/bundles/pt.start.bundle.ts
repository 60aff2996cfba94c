/** Portuguese: the namespaces the first screens use (START_NAMESPACES), as one chunk. */
export default import.meta.glob<Record<string, unknown>>(
  '../../../locales/pt/{auth,common,dashboard,pages,shell,telegram,terminal,voucher}.json',
  {
    eager: true,
    import: 'default',
  },
);
