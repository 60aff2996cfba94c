/** Portuguese: the namespaces the first screens use (START_NAMESPACES), as one chunk. */
export default import.meta.glob<Record<string, unknown>>(
  '../../../locales/pt/{auth,common,dashboard,errors,pages,shell,telegram,terminal,validation,voucher}.json',
  {
    eager: true,
    import: 'default',
  },
);
