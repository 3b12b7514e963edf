/** Tables of the vault slice (added with its issue). */
export {};
