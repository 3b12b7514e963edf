/** Tables of the lifecycle slice (added with its issue). */
export {};
