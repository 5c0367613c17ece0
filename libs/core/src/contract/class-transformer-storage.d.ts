// class-transformer keeps @Type metadata in a storage it does not export from its entry point.
declare module 'class-transformer/cjs/storage.js' {
  export const defaultMetadataStorage: {
    // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- the library's own signature
    findTypeMetadata(target: Function, propertyName: string): unknown;
  };
}
