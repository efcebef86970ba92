/** Query keys of the exports feature (the download center). */
export const exportsKeys = {
  all: ['exports'] as const,
  list: () => [...exportsKeys.all, 'list'] as const,
};
