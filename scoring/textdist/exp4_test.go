package textdist

import "flag"

var expFlag = flag.Bool("exp", false, "run timing experiments")
