import { cleanup } from "@testing-library/react";
import { afterEach } from "bun:test";

// Automatic cleanup registers only in the first file that imports the library: register it here.
afterEach(cleanup);
