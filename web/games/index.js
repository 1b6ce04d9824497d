// The games the page offers, by the name the package gives them.

import pyrga from "./pyrga.js";
import pylos from "./pylos.js";
import architekton from "./architekton.js";
import crescendo from "./crescendo.js";

export default { pyrga, pylos, architekton, crescendo };
