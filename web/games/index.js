// The games the page offers, by the name the package gives them.

import pyrga from "./pyrga.js";

export default { pyrga };
