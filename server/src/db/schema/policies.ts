/** Tables of the policies slice (added with its issue). */
export {};
