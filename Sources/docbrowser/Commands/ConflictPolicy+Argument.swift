import ArgumentParser
import DocKit

extension ConflictPolicy: ExpressibleByArgument {}
