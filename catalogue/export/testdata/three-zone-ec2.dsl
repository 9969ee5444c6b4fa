workspace "Three-zone EC2 pool" "" {
    model {
        system = softwareSystem "Three-zone EC2 pool" {
            n_alb = container "alb" "alb" "Application Load Balancer" "load-balancer,aws"
            n_web_a = container "web-a" "web-a" "Amazon EC2" "compute-instance,aws"
            n_web_b = container "web-b" "web-b" "Amazon EC2" "compute-instance,aws"
            n_web_c = container "web-c" "web-c" "Amazon EC2" "compute-instance,aws"
            n_sessions = container "sessions" "sessions" "Amazon DynamoDB" "nosql-database,aws,Datastore"
        }
        n_alb -> n_web_a "http" "http" "request"
        n_alb -> n_web_b "http" "http" "request"
        n_alb -> n_web_c "http" "http" "request"
        n_web_a -> n_sessions "" "" "data"
        n_web_b -> n_sessions "" "" "data"
        n_web_c -> n_sessions "" "" "data"
        deploymentEnvironment "Design" {
            g_us = deploymentNode "US East (N. Virginia)" "" "region" {
                g_use1_a = deploymentNode "use1-a" "" "zone" {
                    containerInstance n_web_a
                }
                g_use1_b = deploymentNode "use1-b" "" "zone" {
                    containerInstance n_web_b
                }
                g_use1_c = deploymentNode "use1-c" "" "zone" {
                    containerInstance n_web_c
                }
                containerInstance n_alb
                containerInstance n_sessions
            }
        }
    }
    views {
        container system "Containers" {
            include *
            autolayout lr
        }
        deployment system "Design" "Deployment" {
            include *
            autolayout lr
        }
        styles {
            element "Datastore" {
                shape cylinder
            }
            element "Pipe" {
                shape pipe
            }
            element "Person" {
                shape person
            }
            relationship "Relationship" {
                dashed false
            }
            relationship "event" {
                dashed true
            }
        }
    }
}
